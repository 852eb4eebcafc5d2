import com.amazonaws.services.dynamodbv2.local.main.ServerRunner;
import com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import java.io.InputStream;
import java.lang.reflect.Field;

/**
 * Starts Amazon's DynamoDB Local like its own main class does, with two differences the local
 * stack needs:
 * - it listens on the host given by -Ddynamodb.host (DynamoDBLocal.jar has no option for it and
 *   always listens on every interface);
 * - it exits when its standard input closes, so it dies with the Node process that started it,
 *   even when that process is killed without a chance to clean up.
 * scripts/local/dynamodb-local.ts compiles this once into the cache when a JDK is present.
 */
final class LoopbackDynamoDbLocal {
  public static void main(String[] args) throws Exception {
    String host = System.getProperty("dynamodb.host", "127.0.0.1");
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    for (Connector connector : ((Server) field.get(proxy)).getConnectors()) {
      ((ServerConnector) connector).setHost(host);
    }
    Thread watchdog = new Thread(() -> {
      try {
        InputStream in = System.in;
        while (in.read() != -1) {
          // Nothing is ever sent; the read returns -1 once the parent goes away.
        }
      } catch (Exception ignored) {
        // A broken pipe means the same thing as end of input.
      }
      System.exit(0);
    }, "parent-watchdog");
    watchdog.setDaemon(true);
    watchdog.start();
    proxy.start();
    System.out.println("DynamoDB Local listening on " + host);
  }
}
