import com.amazonaws.services.dynamodbv2.local.main.ServerRunner;
import com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer;
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * DynamoDB Local listening on 127.0.0.1 only (its jar has no option for the address and listens on every
 * interface, so anyone on the network could read and write the local table). Takes the jar's own command
 * line, builds its server the way the jar's main does, and sets the address on its Jetty connector before
 * it starts. Run by local/dynamodb-local.ts with Java's single-file source launcher.
 */
public final class LoopbackDynamoDbLocal {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field serverField = DynamoDBProxyServer.class.getDeclaredField("server");
    serverField.setAccessible(true);
    Server server = (Server) serverField.get(proxy);
    int bound = 0;
    for (Connector connector : server.getConnectors()) {
      if (connector instanceof ServerConnector serverConnector) {
        serverConnector.setHost("127.0.0.1");
        bound += 1;
      }
    }
    if (bound == 0) throw new IllegalStateException("DynamoDB Local has no connector to bind to 127.0.0.1");
    proxy.start();
    proxy.join();
  }
}
